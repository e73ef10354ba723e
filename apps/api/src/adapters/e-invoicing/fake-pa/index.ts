export { createFakePa, FAKE_PA_CLIENT, type FakeDirectoryEntry, type FakePa, type FakePaOptions } from './fake-pa';
export type { FakeDelivery, FakeFlow, FakePaState, FakeStatus, FakeWebhook } from './state';
export { fakePaSettings } from './settings-body';
