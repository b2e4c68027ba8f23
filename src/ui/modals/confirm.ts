import { modals } from '@mantine/modals';
import { loadModals } from './deferred-modals';

type ConfirmModal = Parameters<typeof modals.openConfirmModal>[0];

/**
 * Opens Mantine's confirmation dialog, loading the modals provider first if it is not there yet
 * (deferred-modals.tsx). Every "are you sure?" of the console goes through here.
 */
export function openConfirmModal(payload: ConfirmModal): void {
  void loadModals().then(() => modals.openConfirmModal(payload));
}
