// The chart library and its stylesheet, as one lazily loaded module (see lazy-bar-chart.tsx).
import '@mantine/charts/styles.css';

export { BarChart as default } from '@mantine/charts';
