/** Paging and batch limits shared by the API and the web client. */
export const LIST_DEFAULT_LIMIT = 100;
export const LIST_MAX_LIMIT = 1000;
export const BATCH_MAX_RECORDS = 1000;
