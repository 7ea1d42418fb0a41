/** antd's DatePicker (with RangePicker) as a module of its own, for LazyDatePicker to load. */
export { DatePicker } from 'antd';
