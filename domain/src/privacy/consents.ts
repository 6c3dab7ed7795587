/**
 * The documents a person agrees to, and the version of each the portal shows now. A change to a
 * document's text gets a new version here, so that "My data" tells which text each agreement was to
 * (docs/decisions.md, 'Consents').
 */
export const POLICY_DOCUMENTS = ['privacy', 'media-release', 'terms'] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

export const POLICY_VERSIONS: Readonly<Record<PolicyDocument, string>> = {
  privacy: '2026-1',
  'media-release': '2026-1',
  terms: '2026-1',
};

export const POLICY_TITLES: Readonly<Record<PolicyDocument, string>> = {
  privacy: 'Privacy policy',
  'media-release': 'Media release',
  terms: 'Terms and expectations',
};

/**
 * Where an agreement was given: ticking the agreements of a submitted application, or the photo and video consent of the confirmation
 * form.
 */
export const CONSENT_SOURCES = ['application', 'confirmation', 'before-records'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_SOURCE_TEXTS: Readonly<Record<ConsentSource, string>> = {
  application: 'Agreed when submitting the application',
  confirmation: 'Agreed on the confirmation form (photo and video consent)',
  'before-records': 'Agreed on an application submitted before agreements were recorded one by one (version not known)',
};

/** The version written for agreements given before the portal recorded them (the migration's). */
export const UNKNOWN_POLICY_VERSION = 'unknown';
