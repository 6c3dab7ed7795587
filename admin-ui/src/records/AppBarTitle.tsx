import { Title } from 'react-admin';

/**
 * The page's name in the app bar, for the eye only: the page's own h1 names it for assistive
 * technology, so a reader (or a test) finds one heading of that name, not two.
 */
export const appBarTitle = (text: string) => <span aria-hidden="true">{text}</span>;

export const AppBarTitle = ({ text }: { text: string }) => <Title title={appBarTitle(text)} />;
