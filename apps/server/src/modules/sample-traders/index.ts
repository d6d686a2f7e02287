import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { sampleTradingJob } from './sample-traders.js';

/**
 * Sample traders on the simulated market (issue 43): created at the first start, traded by a job
 * on the engine leader through forex's submit and close. Builds on forex and follow's trader flag.
 */
export const sampleTradersModule = defineModule({
  name: 'sample-traders',
  jobs: [sampleTradingJob],
  ledgerKinds: [LEDGER_KINDS.sampleFunding],
});

export { prepareSampleTraders, SAMPLE_SETTING } from './sample-traders.js';
