import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext } from 'react-admin';
import { LastUpdated } from './LastUpdated';

/** 'Last Updated' for a react-admin list: the moment its rows last came in, and a Refresh that loads them again. */
export function ListLastUpdated() {
  const { isFetching, isPending, error, refetch } = useListContext();
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (!isFetching && !isPending && !error) setLoadedAt(new Date());
  }, [isFetching, isPending, error]);
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <LastUpdated at={loadedAt} onRefresh={() => void refetch()} refreshing={isFetching} />
    </Box>
  );
}
