// The response schemas of the signed-in and staff screens: sign-in providers, alerts, API keys, users, credentials and events, the tools, the admin's site data.
// One module per group (response-schemas/groups.ts), each loaded when a call of the group is first made.
export {
  alert,
  alertDelivery,
  alertDeliveryList,
  alertList,
  apiKeyCreated,
  apiKeyList,
  authProviders,
  codeLibrary,
  errorGroups,
  eventStatList,
  exchangeRates,
  gameCredential,
  gameCredentialList,
  listedUser,
  okResponse,
  sessionUser,
  userIdentity,
  userList,
  visitorStats,
} from '@ludex/schemas'
