// Apart from the application's rules (application.ts): the wire shape of an application
// (contract/applications.ts) lists these fields, and the rules read that shape, so both import this file.

/** Fields of earlier editions that the admin view still shows when an application has them. */
export const LEGACY_APPLICATION_FIELDS = [
  'closeProximity',
  'interestArt',
  'interestProductionDesign',
  'interestTechnical',
  'interestWeb',
  'interestGraphicDesign',
  'otherInterests',
  'referenceName',
  'referenceEmail',
  'referenceRelationship',
  'teamLeaderEssay3',
] as const;
