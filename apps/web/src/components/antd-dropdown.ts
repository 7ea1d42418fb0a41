/** antd's Dropdown (with its menu) as a module of its own, for LazyDropdown to load. */
export { Dropdown } from 'antd';
