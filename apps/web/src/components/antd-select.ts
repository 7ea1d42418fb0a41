/** antd's Select as a module of its own, for LazySelect to load. */
export { Select } from 'antd';
