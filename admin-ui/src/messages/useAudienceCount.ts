import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import type { AudienceNode, AudiencePreview } from './types';

/** How long the audience must stay unchanged before it is counted. */
export const COUNT_DELAY_MS = 600;

export interface AudienceCount {
  /** The count of the audience as it is now; null while it is counted, or when it cannot be. */
  preview: AudiencePreview | null;
  /** Why the audience as it is now could not be counted. */
  error: Error | null;
  counting: boolean;
  /** Counts the audience again (people's facts change), at once. */
  recount: () => void;
  /** The count of the audience as it is now, asked at once if it is not known yet. */
  ensure: () => Promise<AudiencePreview>;
}

interface Answer {
  key: string;
  preview: AudiencePreview | null;
  error: Error | null;
}

/**
 * Counts a valid audience a moment after it stops changing, and again on demand. `audience` is null
 * while it has a problem: nothing is asked. An answer for an audience that changed since is dropped.
 */
export function useAudienceCount(audience: AudienceNode | null): AudienceCount {
  const api = useDataProvider<AdminDataProvider>();
  const key = audience ? JSON.stringify(audience) : null;
  const keyRef = useRef(key);
  keyRef.current = key;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [asking, setAsking] = useState<string | null>(null);

  const ask = useCallback(
    async (asked: string): Promise<AudiencePreview> => {
      setAsking(asked);
      try {
        const { data } = await api.messageAudience(JSON.parse(asked) as AudienceNode);
        if (keyRef.current === asked) setAnswer({ key: asked, preview: data, error: null });
        return data;
      } catch (error) {
        if (keyRef.current === asked) setAnswer({ key: asked, preview: null, error: error as Error });
        throw error;
      } finally {
        setAsking((current) => (current === asked ? null : current));
      }
    },
    [api],
  );

  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => void ask(key).catch(() => undefined), COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, ask]);

  const current = answer && answer.key === key ? answer : null;
  const recount = useCallback(() => {
    if (keyRef.current) void ask(keyRef.current).catch(() => undefined);
  }, [ask]);
  const ensure = useCallback(async () => {
    const asked = keyRef.current;
    if (!asked) throw new Error('The audience has a problem to fix first.');
    if (current?.preview && current.key === asked) return current.preview;
    return ask(asked);
  }, [ask, current]);

  return {
    preview: current?.preview ?? null,
    error: current?.error ?? null,
    counting: key !== null && (asking === key || !current),
    recount,
    ensure,
  };
}
