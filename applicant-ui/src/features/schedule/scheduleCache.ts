// Schedules loaded this session, by key, so the dashboard card and the schedule pages show them at
// once; the session forgets them on logout (registered through registerCache).
const answers = new Map<string, unknown>();

export const scheduleCache = {
  get: <T>(key: string): T | undefined => answers.get(key) as T | undefined,
  set: (key: string, value: unknown) => void answers.set(key, value),
  remove: (key: string) => void answers.delete(key),
  clear: () => answers.clear(),
};
