import { configure } from '@testing-library/dom';

// Screens under test wait for fetches and transitions: on a busy two-core CI machine one second is not always enough.
configure({ asyncUtilTimeout: 5000 });
