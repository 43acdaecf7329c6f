import { Alert } from 'antd';
import { PROJECT_LIFECYCLE_MESSAGES } from '@linkloom/shared';
import { useProjectReadiness } from '../api/project-screen-api';

/**
 * What the project still lacks before Start can run it (issue 11.2), from the engine's own list,
 * shown above the form so the user fixes it before pressing Start (which refuses with the same
 * list). Nothing shows when the project is ready; while editing the form's own messages say it.
 */
export function StartReadiness({ projectId }: { projectId: number }) {
  const readiness = useProjectReadiness(projectId);
  const problems = readiness.data?.problems ?? [];
  const notices = readiness.data?.notices ?? [];
  if (problems.length === 0) {
    // Nothing stops Start, but the user should know what it will do (fewer articles than posts).
    if (notices.length === 0) return null;
    return <Alert type="info" showIcon style={{ marginTop: 16 }} data-testid="start-notices" title={notices.join(' · ')} />;
  }
  return (
    <Alert
      type="info" showIcon style={{ marginTop: 16 }} data-testid="start-readiness"
      title={PROJECT_LIFECYCLE_MESSAGES.notReadyTitle}
      description={(
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {problems.map((problem) => <li key={problem}>{problem}</li>)}
        </ul>
      )}
    />
  );
}
