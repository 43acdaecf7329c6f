import type { ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { Navigate, useLocation, useParams } from 'react-router';
import { PathIdSchema, projectScreenPath, type ProjectKind, type ProjectScreen } from '@linkloom/shared';
import { HttpError } from '@/lib/http-error';
import { useProjectScreen } from '../api/project-screen-api';
import { NotFoundResult } from '@/components/not-found-result';

type ScreenOf<K extends ProjectKind> = Extract<ProjectScreen, { kind: K }>;

function ProjectLoader<K extends ProjectKind>({ id, kind, render }: { id: number; kind: K; render: (screen: ScreenOf<K>) => ReactNode }) {
  const query = useProjectScreen(id);
  const { search } = useLocation();
  if (query.isPending) return <Spin size="large" style={{ display: 'block', marginTop: 64 }} data-testid="project-loading" />;
  if (query.isError) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return missing
      ? <NotFoundResult />
      : <Alert type="error" showIcon title="Failed to load the project." data-testid="load-failed" />;
  }
  const screen = query.data;
  // A link to the wrong kind of screen (/project/7 for a private project) goes to the right one, same view (?tab=…).
  if (screen.kind !== kind) return <Navigate replace to={`${projectScreenPath(screen.project.module, id)}${search}`} />;
  return render(screen as ScreenOf<K>);
}

/** Reads `:id`, loads the project and renders the screen of its kind (spec 1 §2). */
export function ProjectRoute<K extends ProjectKind>({ kind, render }: { kind: K; render: (screen: ScreenOf<K>) => ReactNode }) {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <ProjectLoader key={parsed.data} id={parsed.data} kind={kind} render={render} />;
}
