import { fuzzEndpointShard } from './endpoint-fuzz-suite.js';

fuzzEndpointShard(0, 2, 'endpoints-1.fuzz.test.ts');
