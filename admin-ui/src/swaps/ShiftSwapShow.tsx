import { ListButton, Show, TopToolbar } from 'react-admin';
import { CancelSwapButton } from './CancelSwapButton';
import { ShiftSwapDetail } from './ShiftSwapDetail';

export function ShiftSwapShow() {
  return (
    <Show
      title="Shift swap request"
      component="div"
      actions={
        <TopToolbar>
          <ListButton label="Back to the shift swaps" />
          <CancelSwapButton />
        </TopToolbar>
      }
    >
      <ShiftSwapDetail />
    </Show>
  );
}
