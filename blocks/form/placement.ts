/**
 * Where the form's own blocks (`tessera/field`, `tessera/form-step`) may be inserted. Their block.json keeps them
 * inside a form (`ancestor` / `parent` `tessera/form`), so a page's inserter does not offer them outside one; the
 * editor of a form post itself (Forms → Edit Form) is the exception: there they are the post's top-level blocks.
 */

/**
 * Internal dependencies
 */
import { FORM_POST_TYPE } from './types';

/**
 * Whether this admin page edits a form post: `typenow`, WordPress's admin global (admin-header.php), is the
 * screen's post type, set before any script of the editor runs.
 *
 * @param scope The global object (the window; a stand-in in tests).
 * @return True in the form post's own editor.
 */
export function editsFormPost( scope: object = globalThis ): boolean {
	return Reflect.get( scope, 'typenow' ) === FORM_POST_TYPE;
}

/**
 * Block settings that lift block.json's placement rule in the form post's own editor (settings given to
 * `registerBlockType` win over its metadata), and nothing elsewhere.
 *
 * @return `{ parent, ancestor }` unset there, an empty object elsewhere.
 */
export function formPostPlacement(): {
	parent?: undefined;
	ancestor?: undefined;
} {
	return editsFormPost() ? { parent: undefined, ancestor: undefined } : {};
}
