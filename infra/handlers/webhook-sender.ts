import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../shared/logging/logger';
import type { DeliveryMessage } from '../../shared/webhooks/delivery-queue';
import { attemptDelivery } from '../../shared/webhooks/sender';

/**
 * The webhook sender Lambda: drains the delivery queue, one {@link attemptDelivery} per message,
 * concurrently. A message whose attempt could not be made or recorded (the table or the queue
 * failed; an endpoint's failure is not one) is reported, so SQS offers it again and, after five
 * receipts, moves it to the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(event.Records.map(async (record) => attemptDelivery(JSON.parse(record.body) as DeliveryMessage)));
  const batchItemFailures = event.Records.flatMap((record, position) => {
    const result = results[position];
    if (result?.status !== 'rejected') return [];
    logger.error('webhook attempt failed', { error: result.reason, message_id: record.messageId });
    return [{ itemIdentifier: record.messageId }];
  });
  return { batchItemFailures };
}
