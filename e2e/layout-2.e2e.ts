import { describeLayout } from './layout';

// every other screen of the layout and accessibility walk (e2e/layout.ts)
describeLayout(1);
