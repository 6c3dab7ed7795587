import { Id, type Static, Type } from './schema.js';
import { EditionSettings } from './settings.js';

/** POST /api/admin/editions: the new edition's settings as edited on the form, what to copy, and who keeps the team-leader role. */
export const StartEditionBody = Type.Object({
  settings: Type.Partial(EditionSettings, {
    description:
      'The settings the new edition starts with (GET /api/admin/editions/next, edited); a field left out keeps the proposed value.',
  }),
  copyVenues: Type.Boolean({ examples: [true] }),
  copyShifts: Type.Optional(
    Type.Boolean({ examples: [true], description: 'Copy the shifts too (with copyVenues), moved to the new dates; assignments never.' }),
  ),
  keepTeamLeaders: Type.Optional(
    Type.Array(Id(), {
      maxItems: 10_000,
      examples: [[12]],
      description: "The current edition's team leaders (user ids) who keep the role in the new one; everyone else loses it.",
    }),
  ),
});
export type StartEditionBody = Static<typeof StartEditionBody>;
