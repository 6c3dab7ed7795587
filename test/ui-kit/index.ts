export { jsonResponse, stubFetch } from './stubFetch';
