export { jsonResponse, stubFetch } from './stubFetch';
export { fastComputedStyle } from './fastComputedStyle';
