export { useDeliveryStatus } from './api/delivery-status.ts';
