export { RequestVideoDialog } from './components/request-video-dialog.tsx';
