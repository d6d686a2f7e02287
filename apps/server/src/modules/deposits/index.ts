import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { depositsRoutes } from './deposits.routes.js';

export const depositsModule = defineModule({ name: 'deposits', routes: depositsRoutes, ledgerKinds: [LEDGER_KINDS.deposit] });

export { decideDeposit, listChargesForAdmin, type Decision } from './deposits.service.js';
