import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { formatUtc } from '../common/utcDates';
import { CancelSwapButton } from './CancelSwapButton';
import { ShiftSwapDetail } from './ShiftSwapDetail';
import {
  SWAP_STATUS_CHOICES,
  counterpartLabel,
  returnShiftLabel,
  swapKindLabel,
  swapPersonLabel,
  swapShiftLabel,
  swapStatusLabel,
} from './labels';
import type { ShiftSwapRow } from './types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Volunteer: username, SV ID, email or name" sx={{ minWidth: { sm: 320 } }} />,
  <SelectInput key="status" source="status" label="Status" choices={SWAP_STATUS_CHOICES} emptyText="All statuses" alwaysOn />,
];

/** Every shift swap request, newest first, filterable by status and by a volunteer on either side; open ones can be cancelled. */
export function ShiftSwapList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} title="Shift swaps" exporter={false}>
      {isSmall ? (
        <SimpleList<ShiftSwapRow>
          primaryText={(row) => `#${row.id} · ${swapStatusLabel(row)} · ${swapPersonLabel(row.sv)}`}
          secondaryText={(row) => `${swapShiftLabel(row.shift)} ⇄ ${returnShiftLabel(row)}`}
          tertiaryText={(row) => formatUtc(row.created_at)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="expand" expand={<ShiftSwapDetail />} bulkActionButtons={false}>
          <DataTable.Col source="id" label="#" />
          <DataTable.Col
            source="created_at"
            label="Created"
            render={(row: ShiftSwapRow) => formatUtc(row.created_at)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="kind" label="Kind" render={swapKindLabel} />
          <DataTable.Col label="Offered by" disableSort render={(row: ShiftSwapRow) => swapPersonLabel(row.sv)} />
          <DataTable.Col label="Offered shift" disableSort render={(row: ShiftSwapRow) => swapShiftLabel(row.shift)} />
          <DataTable.Col label="Other volunteer" disableSort render={counterpartLabel} />
          <DataTable.Col label="Shift in return" disableSort render={returnShiftLabel} />
          <DataTable.Col source="status" label="Status" disableSort render={swapStatusLabel} />
          <DataTable.Col label="Actions" disableSort>
            <CancelSwapButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
