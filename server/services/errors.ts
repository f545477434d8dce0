// The shop's refusals live in lib/domainErrors (the HTTP layer in lib/errors maps them), so lib needs no service;
// services and routes keep importing them from here.
export * from '../lib/domainErrors';
