/** antd's Cascader as a module of its own, for LazyCascader to load. */
export { Cascader } from 'antd';
