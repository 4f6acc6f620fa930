import type { Totals } from './subjects.schemas';

interface TreeSubtopic {
  active: boolean;
  trial: boolean;
  videoDuration: number;
}
interface TreeTopic {
  active: boolean;
  trial: boolean;
  contents: readonly { subTopic: TreeSubtopic }[];
}
interface TreeUnit {
  active: boolean;
  trial: boolean;
  topics: readonly TreeTopic[];
}

/**
 * The derived totals of a subject (or of one unit, passed alone), computed in this one place.
 * An item counts as active only when it and every item above it are active; a subtopic is free
 * trial when it, its topic or its unit is marked trial, and only active ones count.
 */
export function computeTotals(units: readonly TreeUnit[]): Totals {
  const totals: Totals = {
    units: units.length,
    activeUnits: 0,
    topics: 0,
    activeTopics: 0,
    subTopics: 0,
    activeSubTopics: 0,
    totalVideoTime: 0,
    activeVideoTime: 0,
    freeTrialSubTopics: 0,
    freeTrialVideoTime: 0,
  };
  for (const unit of units) {
    if (unit.active) totals.activeUnits++;
    for (const topic of unit.topics) {
      totals.topics++;
      const topicActive = unit.active && topic.active;
      if (topicActive) totals.activeTopics++;
      for (const { subTopic } of topic.contents) {
        totals.subTopics++;
        totals.totalVideoTime += subTopic.videoDuration;
        if (!(topicActive && subTopic.active)) continue;
        totals.activeSubTopics++;
        totals.activeVideoTime += subTopic.videoDuration;
        if (unit.trial || topic.trial || subTopic.trial) {
          totals.freeTrialSubTopics++;
          totals.freeTrialVideoTime += subTopic.videoDuration;
        }
      }
    }
  }
  return totals;
}
