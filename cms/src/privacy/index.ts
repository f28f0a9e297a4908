/**
 * Privacy (issue 24 §5): a person's data as one JSON document, and their erasure — for the person
 * themself (`GET /api/auth/me/export`, `DELETE /api/auth/me`) and for the salon
 * (`GET /api/clients/:id/export`, `POST /api/clients/:id/erase`). docs/api.md "Privacy".
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export { clientPrivacyEndpoints, privacyEndpoints } from './endpoints'
export { erase, ERASED_NAME, type Eraser } from './erase'
export { personalData, type Audience, type PersonalData } from './personalData'
