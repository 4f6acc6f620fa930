// Charts in plain SVG (no chart library): bars and lines, sized to their box, each one `role="img"`
// named by its summary.
export { BarChart } from './bar-chart';
export { LineChart } from './line-chart';
