export { clearBillingBadge } from './api/cancel-billing-notification.ts';
export { useCancelFeatureNotification } from './api/cancel-feature-notification.ts';
export { currentUserQueryKey, type SessionUser, useCurrentUser } from './api/get-current-user.ts';
export { settingsInfoQueryKey, useSettingsInfo } from './api/get-settings-info.ts';
export { endSession, useEndSessionOnUserError, useLogout } from './api/logout.ts';
export { useAuthStore } from './auth-store.ts';
