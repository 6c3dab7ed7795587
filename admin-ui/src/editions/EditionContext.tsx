import type { EditionView } from '@svp/domain';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useAdminQuery } from '../common/useAdminQuery';
import { type ReadingEdition, loadReadingEdition, onEditionReadOnly, rememberReadingEdition } from './readingEdition';

interface EditionChoice {
  /** The earlier edition being read; null: the current one. */
  reading: ReadingEdition | null;
  choose: (edition: ReadingEdition | null) => void;
}

const EditionChoiceContext = createContext<EditionChoice>({ reading: null, choose: () => undefined });

/** Holds the edition chosen in the app bar, above the panel, which is rebuilt for each edition (see App). */
export function EditionChoiceProvider({ children }: { children: ReactNode }) {
  const [reading, setReading] = useState(loadReadingEdition);
  const choose = useCallback((edition: ReadingEdition | null) => {
    rememberReadingEdition(edition);
    setReading(edition && { id: edition.id, name: edition.name });
  }, []);
  const value = useMemo(() => ({ reading, choose }), [reading, choose]);
  return <EditionChoiceContext.Provider value={value}>{children}</EditionChoiceContext.Provider>;
}

/** The edition the panel reads, and the way to read another. */
export const useEditionChoice = () => useContext(EditionChoiceContext);

interface EditionList {
  editions: EditionView[];
  current: EditionView | null;
  /** Asks the server for the editions again (after one is started). */
  reload: () => void;
  /** The server's last refusal of a change because its edition is over, until dismissed. */
  refusal: string | null;
  dismissRefusal: () => void;
}

const EditionListContext = createContext<EditionList>({
  editions: [],
  current: null,
  reload: () => undefined,
  refusal: null,
  dismissRefusal: () => undefined,
});

/**
 * The editions as the server lists them, for the switcher and the banner. A remembered choice that
 * is no longer an earlier edition (gone, or current again) falls back to the current edition.
 */
export function EditionListProvider({ children }: { children: ReactNode }) {
  const { reading, choose } = useEditionChoice();
  const { data, refetch } = useAdminQuery((api) => api.editions(), 'editions');
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!data || !reading) return;
    const chosen = data.find((edition) => edition.id === reading.id);
    if (!chosen || chosen.current) choose(null);
    else if (chosen.name !== reading.name) choose(chosen);
  }, [data, reading, choose]);

  // A refusal while the current edition is read means another organiser started a newer one.
  useEffect(
    () =>
      onEditionReadOnly((message) => {
        setRefusal(message);
        refetch();
      }),
    [refetch],
  );

  const value = useMemo<EditionList>(
    () => ({
      editions: data ?? [],
      current: data?.find((edition) => edition.current) ?? null,
      reload: refetch,
      refusal,
      dismissRefusal: () => setRefusal(null),
    }),
    [data, refetch, refusal],
  );
  return <EditionListContext.Provider value={value}>{children}</EditionListContext.Provider>;
}

export const useEditionList = () => useContext(EditionListContext);
