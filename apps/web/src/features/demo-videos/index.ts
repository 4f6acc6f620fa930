// The Browse Demo Videos drawer of spec 2 §2, for the catalogue and store-listing editors.
export {
  DEMO_BROWSER_TITLE,
  DEMO_STEPS,
  DemoVideoBrowser,
  type AddedDemoVideo,
  type DemoVideoBrowserProps,
} from './components/demo-video-browser';
export { DemoVideoPicker } from './components/demo-video-picker';
