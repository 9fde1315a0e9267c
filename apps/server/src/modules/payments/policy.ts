import { allowedTo, can, definePolicy } from '../../lib/policy';

/** A transaction is its payer's, who may also cancel it; the school's administrators settle payments made at the office. */
export const transactionPolicy = definePolicy({
  schoolOf: (txn: { schoolId: number; userId: number }) => txn.schoolId,
  visible: (actor, txn) => actor.userId === txn.userId || can(actor, 'payment.settle'),
  verbs: {
    view: (actor, txn) => actor.userId === txn.userId,
    cancel: (actor, txn) => actor.userId === txn.userId,
    settle: allowedTo('payment.settle'),
  },
});
