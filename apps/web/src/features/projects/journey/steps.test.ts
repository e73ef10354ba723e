import { describe, expect, it } from 'vitest';
import { JOURNEY_STEPS, SUPPORT_KINDS } from '@ouvrage/domain';
import { JOURNEY_STEP_KEYS, JOURNEY_SUPPORT_KINDS } from './steps';

describe('the journey steps known to the first page', () => {
  it('are the domain steps, in the same order', () => {
    expect([...JOURNEY_STEP_KEYS]).toEqual(JOURNEY_STEPS.map((s) => s.key));
  });

  it('offer the domain kinds of support on the first step, in the same order', () => {
    expect([...JOURNEY_SUPPORT_KINDS]).toEqual([...SUPPORT_KINDS]);
  });
});
