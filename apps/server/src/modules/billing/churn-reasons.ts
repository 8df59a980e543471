/**
 * The reasons offered when a team cancels: a fixed list, so answers can be counted. Ids are
 * stored with each churn feedback and never renamed; labels are what people read.
 */
export const CHURN_REASONS = [
  { id: 'too_expensive', label: 'It is too expensive' },
  { id: 'missing_connector', label: 'A data source I need is missing' },
  { id: 'switching_tool', label: 'I am switching to another tool' },
  { id: 'project_ended', label: 'The project or client ended' },
  { id: 'technical_problems', label: 'I ran into technical problems' },
  { id: 'other', label: 'Something else' },
] as const;

export function isChurnReason(id: string): boolean {
  return CHURN_REASONS.some((reason) => reason.id === id);
}
