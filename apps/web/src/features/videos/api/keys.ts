/** Every video and folder query starts with one of these, so a change refreshes lists, folders and details. */
export const videosQueryKey = ['videos'] as const;
export const foldersQueryKey = ['video-folders'] as const;
