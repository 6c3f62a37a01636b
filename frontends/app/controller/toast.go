package controller

import "time"

// showToast shows s in the toast for Config.ToastFor or until the next tap.
func (c *Controller) showToast(s string) {
	c.toast = s
	c.study.why = "" // a "Why?" belongs to the toast it came with
	c.toastSeq++
	seq := c.toastSeq
	d := c.cfg.ToastFor
	if d <= 0 {
		d = DefaultToastFor
	}
	if c.toastTimer != nil {
		c.toastTimer.Stop()
	}
	if !c.closed {
		post := c.cfg.Post
		c.toastTimer = time.AfterFunc(d, func() { post(ToastExpired{Seq: seq}) })
	}
	c.changed()
}

// clearToast hides the toast.
func (c *Controller) clearToast() {
	c.toast = ""
	c.changed()
}

// Toast returns the toast shown ("" when none).
func (c *Controller) Toast() string { return c.toast }

func (c *Controller) showMessage(s string) {
	c.dialog = dialogMessage
	c.message = s
	c.changed()
}
