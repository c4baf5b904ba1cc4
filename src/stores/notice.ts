import { create } from 'zustand';

export type NoticeTone = 'error' | 'info';

/** A page-wide notice that stays until dismissed or the next sign-in (a toast alone can be missed). */
export const useNoticeStore = create<{ message: string | null; tone: NoticeTone }>()(() => ({ message: null, tone: 'error' }));

export const showNotice = (message: string, tone: NoticeTone = 'error') => useNoticeStore.setState({ message, tone });
export const clearNotice = () => useNoticeStore.setState({ message: null, tone: 'error' });
