export { UnsupportedBrowserPage } from './UnsupportedBrowserPage';
export { RequireRealTimeVideo, UNSUPPORTED_BROWSER_PATH } from './RequireRealTimeVideo';
export { supportsRealTimeVideo } from './realTimeVideo';
