import { busyLines } from './settle';

describe('busyLines', () => {
  it('keeps the outbox backlog and consumer lag samples that are not 0', () => {
    const text = [
      '# HELP outbox_backlog_events Events waiting in outboxes',
      '# TYPE outbox_backlog_events gauge',
      'outbox_backlog_events{service="artifacts"} 3',
      'kafka_consumer_lag{group="g",topic="t",partition="0",service="analytics"} 0',
      'kafka_consumer_lag{group="g",topic="t",partition="1",service="analytics"} 12',
      'kafka_consumer_events_total{group="g",topic="t",outcome="handled",service="analytics"} 40',
    ].join('\n');
    expect(busyLines(text)).toEqual([
      'outbox_backlog_events{service="artifacts"} 3',
      'kafka_consumer_lag{group="g",topic="t",partition="1",service="analytics"} 12',
    ]);
  });

  it('counts a sample without labels, and one that is not a number, as busy', () => {
    expect(busyLines('outbox_backlog_events 0\noutbox_backlog_events 2')).toEqual([
      'outbox_backlog_events 2',
    ]);
    expect(busyLines('kafka_consumer_lag{partition="0"} NaN')).toEqual([
      'kafka_consumer_lag{partition="0"} NaN',
    ]);
  });
});
