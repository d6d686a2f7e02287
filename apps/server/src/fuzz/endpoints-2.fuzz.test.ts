import { fuzzEndpointShard } from './endpoint-fuzz-suite.js';

fuzzEndpointShard(1, 2, 'endpoints-2.fuzz.test.ts');
