import { indexerProjectRule } from '../../lib/project-rules';
import type { NamedCount } from './field-options';
import { SelectWithView } from './select-with-view';

/**
 * The form of an indexer project (spec 1 §2): the URL list whose links are submitted, with a View
 * button opening it in a new window. The page shows the search engines to notify below.
 */
export function IndexerProjectFields(props: { editing: boolean; urlLists: NamedCount[] }) {
  return (
    <SelectWithView
      name="linkSetId"
      label="URL list"
      rows={props.urlLists}
      viewRoute={(id) => `/url_list/${id}`}
      rules={[indexerProjectRule('linkSetId')]}
      editing={props.editing}
      placeholder="Select an URL list"
    />
  );
}
