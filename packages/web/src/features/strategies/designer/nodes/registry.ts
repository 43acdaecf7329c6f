import type { ComponentType } from 'react';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import { DIAGRAM_KINDS, MONEY_SITE_KIND, type DiagramKindInfo } from '@linkloom/shared';
import type { DiagramNode } from '../model/flow-types';
import { MoneySiteNode } from './money-site/money-site-node';
import { ProjectNode } from './project/project-node';
import { ProjectInspector, type InspectorProps } from './project/project-inspector';
import { SiteNode } from './shared/site-node';
import { kindDefaults } from './shared/kind-style';
import type { KindDefaults } from './shared/kind-defaults';

/** One node kind of the designer: its description (shared), defaults, component and inspector. */
export interface NodeKindEntry {
  info: DiagramKindInfo;
  defaults: KindDefaults;
  component: ComponentType<NodeProps<DiagramNode>>;
  /** Null: clicking the node opens no inspector (the Money Site). */
  inspector: ComponentType<InspectorProps> | null;
}

function componentOf(baseKind: string): ComponentType<NodeProps<DiagramNode>> {
  if (baseKind === MONEY_SITE_KIND) return MoneySiteNode;
  return baseKind === 'Project' ? ProjectNode : SiteNode;
}

/** Every kind of spec 2 §3, Premium variants included, in the shared list's order. */
export const NODE_KINDS: readonly NodeKindEntry[] = DIAGRAM_KINDS.map((info) => {
  const defaults = kindDefaults(info.kind);
  return { info, defaults, component: componentOf(defaults.baseKind), inspector: info.kind === MONEY_SITE_KIND ? null : ProjectInspector };
});

const BY_KIND = new Map(NODE_KINDS.map((entry) => [entry.info.kind, entry]));

/** The entry of a kind, or undefined for a kind the product does not know. */
export function nodeKindEntry(kind: string): NodeKindEntry | undefined {
  return BY_KIND.get(kind);
}

/** React Flow's `nodeTypes`: a node's `type` is its kind. Built once (React Flow warns on a new object). */
export const NODE_TYPES: NodeTypes = Object.fromEntries(NODE_KINDS.map((entry) => [entry.info.kind, entry.component]));
