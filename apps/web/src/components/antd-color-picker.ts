/** antd's ColorPicker (with the Select of its format) as a module of its own, for LazyColorPicker to load. */
export { ColorPicker } from 'antd';
