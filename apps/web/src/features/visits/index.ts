export { CallStage, type StageLabels } from './components/call-stage.tsx';
export { type CallError, viewOf } from './lib/call-state.ts';
export { useVisitCall } from './lib/use-visit-call.ts';
