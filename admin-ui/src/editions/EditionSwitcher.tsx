import { NativeSelect } from '@mui/material';
import { useEditionChoice, useEditionList } from './EditionContext';

/** The app bar's choice of edition: the current one, or an earlier one to read. Only shown once there are two. */
export function EditionSwitcher() {
  const { editions, current } = useEditionList();
  const { reading, choose } = useEditionChoice();
  if (editions.length < 2 || !current) return null;
  const select = (id: number) => {
    const edition = editions.find((candidate) => candidate.id === id);
    choose(!edition || edition.current ? null : edition);
  };
  return (
    <NativeSelect
      value={reading?.id ?? current.id}
      onChange={(event) => select(Number(event.target.value))}
      disableUnderline
      inputProps={{ 'aria-label': 'Edition' }}
      sx={{
        color: 'inherit',
        mx: 1,
        px: 1,
        border: 1,
        borderColor: 'rgba(255, 255, 255, 0.7)',
        borderRadius: 1,
        '& .MuiNativeSelect-icon': { color: 'inherit' },
        // The list opens in the system's colours, dark text on white.
        '& option': { color: 'text.primary', bgcolor: 'background.paper' },
      }}
    >
      {editions.map((edition) => (
        <option key={edition.id} value={edition.id}>
          {edition.current ? `${edition.key} (current)` : edition.key}
        </option>
      ))}
    </NativeSelect>
  );
}
