export * from './auth.ts';
export * from './clinics.ts';
export * from './common.ts';
export * from './pagination.ts';
export * from './problem.ts';
export * from './roles.ts';
export * from './supervisor.ts';
export * from './ui-rules.ts';
