import { Transform } from 'class-transformer';

/** Trims text before it is validated (an email pasted with a trailing space is still an email). */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
