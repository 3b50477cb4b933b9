/**
 * Ambient declarations shared by every bundle.
 */

/** Stylesheets are extracted by webpack; importing one yields nothing. */
declare module '*.scss' {
	const stylesheet: undefined;
	export default stylesheet;
}
